// A counter's "Are you still there?": a modal over the step; Continue keeps the customer's answers, otherwise the
// wizard resets when the countdown ends (the machine's timer decides; this only shows it).
import { useEffect, useRef, useState } from 'react';

export function IdleWarning({ seconds, onContinue }: { seconds: number; onContinue: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    const started = Date.now();
    const id = setInterval(() => setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))), 250);
    return () => clearInterval(id);
  }, [seconds]);
  return (
    <dialog
      ref={dialog}
      className="note-panel idle-warning"
      aria-labelledby="idle-warning-title"
      aria-describedby="idle-warning-text"
      onCancel={(e) => {
        // Escape means "I'm here" too.
        e.preventDefault();
        onContinue();
      }}
    >
      <h2 id="idle-warning-title" className="idle-warning__title">
        Are you still there?
      </h2>
      <p id="idle-warning-text">
        For your privacy, this form will be cleared in {left} {left === 1 ? 'second' : 'seconds'}.
      </p>
      <button type="button" className="button button--primary" autoFocus onClick={onContinue}>
        Continue
      </button>
    </dialog>
  );
}
