/*
 * Added to the generated service worker (vite.config.ts, workbox importScripts): what a field
 * phone's notifications do (docs/decisions/0043-the-field-phone-offline-and-attention.md).
 * - push: a Web Push message from the Argus server ({ title, body, tag, url }) becomes a system
 *   notification, unless Argus is open and in view, where the page has already rung.
 * - notificationclick: brings an open Argus window forward, or opens one, at the page named.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      if (windows.some((client) => client.visibilityState === 'visible')) return undefined;
      return self.registration.showNotification(message.title || 'Argus', {
        body: message.body || '',
        tag: message.tag,
        icon: '/icons/icon-192.png',
        data: { url: message.url || '/' },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
