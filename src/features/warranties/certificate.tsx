// "Download certificate": the warranty certificate PDF, made by the server for the signed-in customer.
import { useState } from 'react';
import type { appwrite } from '@/lib/appwrite';
import { statusOf } from '@/lib/appwrite-errors';
import { callFunction } from '@/lib/functions';
import { certificateName } from './warranty-cards';

type Props = { id: string; account: ReturnType<typeof appwrite>['account'] };

export function Certificate({ id, account }: Props) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'signedOut'>('idle');

  const download = async () => {
    setState('busy');
    try {
      const { jwt } = await account.createJWT();
      const answer = await callFunction('warrantyCertificate', { customerJwt: jwt, query: { id } });
      if (!answer.ok) return setState(answer.status === 401 ? 'signedOut' : 'failed');
      const url = URL.createObjectURL(answer.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = certificateName(id);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch (err) {
      setState(statusOf(err) === 401 ? 'signedOut' : 'failed');
    }
  };

  return (
    <>
      <button type="button" className="button button--small" disabled={state === 'busy'} onClick={() => void download()}>
        {state === 'busy' ? 'Preparing…' : 'Download certificate'}
      </button>
      {state === 'failed' && (
        <p className="field__error" role="alert">
          The certificate could not be downloaded. Check your connection, then try again.
        </p>
      )}
      {state === 'signedOut' && (
        <p className="field__error" role="alert">
          Your sign-in has expired. Sign out, then sign in again with your email to download the certificate.
        </p>
      )}
    </>
  );
}
