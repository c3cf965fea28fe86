// Choosing photos: the file input that takes several at once (whatever a phone's camera makes; they are made small on
// the device after), and what went wrong with the last ones chosen. The wizard's step 6, a warranty card's report and
// reply, and staff's "Record a visit" take photos the same way.
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/*';

type InputProps = {
  id: string;
  className: string;
  describedBy: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The files chosen (never none); the input is emptied, so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
};

export function PhotoFileInput({ id, className, describedBy, disabled, invalid, onFiles }: InputProps) {
  return (
    <input
      id={id}
      className={className}
      type="file"
      accept={PHOTO_TYPES}
      multiple
      disabled={disabled}
      aria-describedby={describedBy}
      {...(invalid ? { 'aria-invalid': true } : {})}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}

/** The chosen photos' problems, read out as they appear; `${id}-messages` for the input's aria-describedby. */
export function PhotoMessages({ id, messages, className }: { id: string; messages: readonly string[]; className: string }) {
  if (messages.length === 0) return null;
  return (
    <div id={`${id}-messages`} role="alert">
      {messages.map((m) => (
        <p key={m} className={className}>
          {m}
        </p>
      ))}
    </div>
  );
}
