import { Button } from './Button';
import { FormMessage } from './FormMessage';
import { formatDateTime } from '../../lib/time-format';

export interface WholeFormFooterProps {
  /** Refusals by field, `form` for one about the whole form. */
  errors: Readonly<Record<string, string | undefined>>;
  saved: boolean;
  /** Said once a save went through. */
  savedMessage: string;
  saving: boolean;
  saveLabel: string;
  /** Puts the form back as the server kept it. */
  onUndo: () => void;
  updatedAt: number | null;
  updatedBy: string | null;
}

/**
 * The end of a settings table saved whole (dispatch capabilities, unit symbols): why nothing was
 * saved or that it was, save and undo, and who saved it last.
 */
export function WholeFormFooter({ errors, saved, savedMessage, saving, saveLabel, onUndo, updatedAt, updatedBy }: WholeFormFooterProps) {
  const fieldErrors = Object.keys(errors).length > 0 && !errors.form;
  return (
    <>
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      {fieldErrors ? <FormMessage tone="error">Nothing was saved: correct the fields marked above.</FormMessage> : null}
      {saved ? <FormMessage tone="success">{savedMessage}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
        <Button variant="ghost" onClick={onUndo}>
          Undo my changes
        </Button>
        {updatedAt !== null ? (
          <p className="text-sm text-ink-muted">{`Last saved ${formatDateTime(updatedAt)}${updatedBy ? ` by ${updatedBy}` : ''}`}</p>
        ) : null}
      </div>
    </>
  );
}
