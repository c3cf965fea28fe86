// What a chosen CSV file holds, shown before anything is written,
// and the summary after an import with its error report.
import { Modal } from './modal';
import type { ImportDone, ImportPreview } from './use-csv-import';

const MAX_LISTED = 50;
const n = (count: number) => count.toLocaleString('en-US');
const rowsText = (count: number) => `${n(count)} ${count === 1 ? 'row' : 'rows'}`;

export function ImportPreviewDialog({
  preview,
  onCancel,
  onConfirm,
}: {
  preview: ImportPreview;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { rows, problems, valid, matched, fileName } = preview;
  return (
    <Modal title="Import CSV" onClose={onCancel}>
      <p className="subs-import__file">
        <strong>{fileName}</strong>: {rowsText(rows.length)}
      </p>
      <ul className="subs-import__facts">
        <li>{rowsText(valid)} ready to import.</li>
        {matched > 0 && <li>{rowsText(matched)} already in the list: changed only where the file differs.</li>}
        {problems.length > 0 && <li className="subs-import__bad">{rowsText(problems.length)} with problems will not be imported:</li>}
      </ul>
      {problems.length > 0 && (
        <ol className="subs-import__problems" aria-label="Rows with problems">
          {problems.slice(0, MAX_LISTED).map((p) => (
            <li key={p.row}>
              Row {p.row}: {p.error}
            </li>
          ))}
          {problems.length > MAX_LISTED && (
            <li>…and {n(problems.length - MAX_LISTED)} more (listed in the error report after the import).</li>
          )}
        </ol>
      )}
      <div className="subs-modal__actions">
        <button type="button" className="subs-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="subs-button subs-button--primary" onClick={onConfirm} disabled={valid === 0}>
          Import {rowsText(valid)}
        </button>
      </div>
    </Modal>
  );
}

export function ImportSummaryPanel({ done, onDownload, onDismiss }: { done: ImportDone; onDownload: () => void; onDismiss: () => void }) {
  return (
    <div className="subs-summary" role="status">
      <span>
        Import finished: {n(done.created)} created, {n(done.updated)} updated, {n(done.skipped)} skipped, {n(done.errors)}{' '}
        {done.errors === 1 ? 'error' : 'errors'}.
      </span>
      {done.report && (
        <button type="button" className="subs-link" onClick={onDownload}>
          Download error report
        </button>
      )}
      <button type="button" className="subs-link" onClick={onDismiss} aria-label="Dismiss the import summary">
        Dismiss
      </button>
    </div>
  );
}
