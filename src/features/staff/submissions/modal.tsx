// A modal dialog: the page behind is inert, Tab stays inside, Escape
// closes, and focus goes back where it was when it closes.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = { title: string; onClose: () => void; children: ReactNode; wide?: boolean; busy?: boolean };

export function Modal({ title, onClose, children, wide, busy }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = busy ? () => undefined : onClose;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[autofocus], input, textarea, button');
    first?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const [first, last] = [items[0]!, items.at(-1)!];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={wide ? 'subs-modal subs-modal--wide' : 'subs-modal'}
      aria-labelledby={titleId}
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="subs-modal__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
