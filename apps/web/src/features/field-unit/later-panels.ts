/**
 * What the field screen shows below the status buttons, loaded as one chunk after them: the
 * buttons are usable on one bar of signal before the report form, messages, video, position
 * readings (their coordinate formats) and the map arrive (docs/decisions/0050-field-first-load.md).
 */
export { AssignmentPanel } from './AssignmentPanel';
export { PositionPanel } from './PositionPanel';
export { GoLivePanel } from './GoLivePanel';
export { FieldMapPanel } from './offline-area/FieldMapPanel';
export { ReportForm } from '../reports/ReportForm';
export { MessageThread } from '../messages/MessageThread';
export { FieldAttentionSettings } from '../attention/FieldAttentionSettings';
