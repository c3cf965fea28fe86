// A conflict in the Edit Submission dialog: the staff member's version beside the server's current one, field by
// field (changed fields marked), and the choice of which to keep.
import type { Conflict } from '@/sync/pending-edits';
import { FIELDS } from './edit-fields';

export function ConflictView({
  conflict,
  busy,
  onChoose,
}: {
  conflict: Conflict;
  busy: boolean;
  onChoose: (c: 'mine' | 'theirs') => void;
}) {
  return (
    <div className="subs-conflict">
      <p className="subs-conflict__lead" role="alert">
        Someone else changed this submission since you opened it. Nothing has been overwritten: choose which version to keep.
      </p>
      <table className="subs-conflict__table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Your version</th>
            <th scope="col">Current version</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([f, label]) => {
            const mine = conflict.mine.fields[f] ?? '';
            const theirs = conflict.current[f] ?? '';
            return (
              <tr key={f} className={mine === theirs ? '' : 'subs-conflict__diff'}>
                <th scope="row">{label}</th>
                <td>{mine || '-'}</td>
                <td>{theirs || '-'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="subs-modal__actions">
        <button type="button" className="subs-button" disabled={busy} onClick={() => onChoose('theirs')}>
          Use current version
        </button>
        <button type="button" className="subs-button subs-button--primary" disabled={busy} onClick={() => onChoose('mine')}>
          Keep my version
        </button>
      </div>
    </div>
  );
}
