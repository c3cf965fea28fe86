// "Install app", shown only where the browser offers installation.
import { useEffect, useState } from 'react';
import { install, onInstallAvailable } from '@/lib/install-prompt';

export function InstallButton() {
  const [available, setAvailable] = useState(false);
  useEffect(() => onInstallAvailable(setAvailable), []);
  if (!available) return null;
  return (
    <button type="button" className="button button--quiet" onClick={() => void install()}>
      Install app
    </button>
  );
}
