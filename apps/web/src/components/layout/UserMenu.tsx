import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LogOut, Settings, User as UserIcon } from 'lucide-react';
import type { User } from '@argus/contracts/http/auth';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { useAuth } from '../../features/auth/auth-context';

const ITEM = 'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-surface';

/** The signed-in user's menu: a disclosure (not an ARIA menu), so plain Tab moves through it. */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const { signOut } = useAuth();
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 items-center gap-2 rounded-md px-2 hover:bg-surface-raised"
      >
        <UserIcon aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">{user.full_name}</span>
        <span className="sr-only"> account menu</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-64 rounded-lg border border-line bg-surface-raised p-2 shadow-xl"
      >
        <p className="px-3 pt-1 font-semibold">{user.full_name}</p>
        <p className="px-3 pb-2 text-sm text-ink-muted">{ROLE_LABELS[user.role]}</p>
        <ul className="border-t border-line pt-2">
          <li>
            <Link to="/settings" className={ITEM} onClick={() => setOpen(false)}>
              <Settings aria-hidden="true" className="size-5" />
              Settings
            </Link>
          </li>
          <li>
            <button type="button" className={ITEM} onClick={() => void signOut('user')}>
              <LogOut aria-hidden="true" className="size-5" />
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
