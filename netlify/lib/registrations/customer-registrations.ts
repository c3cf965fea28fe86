// The registrations a signed-in customer sees on /warranties, and may download the certificate of: every one whose
// verified owner address is theirs, whoever entered it (DESIGN.md, "Owners see their registrations"). That is
// - one their account owns (their own from the wizard, a counter's after its e-mailed confirmation): read with the
//   customer's own session, so exactly what Appwrite lets that account read, and kept only when it is the owner;
// - one the server wrote and nobody owns yet that is confirmed (a staff import), whose e-mail is the address the
//   customer's account holds as verified (the same rule as where its mail may go, verifiedAddressOf).
// A pending counter registration is nobody's until its link is opened; an unverified account gets no one else's.
import { AppwriteException, Query } from 'node-appwrite';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { customerDatabases, listEvery } from '../appwrite';
import type { Customer } from '../define';
import { HttpError } from '../http';
import { collection, registrationOf, sameAddress, type Registration } from './registrations';

const PAGE = 100;

/** Whether `customer` may see registration `reg` and download its certificate. */
export function isCustomersRegistration(reg: Registration, customer: Customer): boolean {
  if (reg.owner) return reg.owner === customer.id && reg.status === REGISTRATION_STATUS.confirmed;
  return (
    reg.serverWritten &&
    reg.status === REGISTRATION_STATUS.confirmed &&
    customer.emailVerified &&
    sameAddress(reg.record.email, customer.email)
  );
}

/** Every registration `customer` may see (see above), each once. `jwt` is their session's, to read as they do. */
export async function customerRegistrations(customer: Customer, jwt: string): Promise<Registration[]> {
  const { databases, where } = collection();
  const own = customerDatabases(jwt);
  try {
    const docs = await listEvery(own, where, [], PAGE);
    // Staff imports name no account (user_id unset) and store their address in lower case, as Appwrite keeps an
    // account's (staff-repository.ts). Asking for those alone leaves out what customers' devices write (they set
    // user_id), so others typing this address in do not add to this work; whatever else comes is checked above.
    if (customer.emailVerified && customer.email)
      docs.push(
        ...(await listEvery(databases, where, [Query.equal('email', [customer.email.toLowerCase()]), Query.isNull('user_id')], PAGE)),
      );
    const seen = new Map<string, Registration>();
    for (const doc of docs) {
      const reg = registrationOf(doc);
      if (isCustomersRegistration(reg, customer)) seen.set(reg.id, reg);
    }
    return [...seen.values()];
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 401)
      throw new HttpError(401, 'unauthorized', 'Your sign-in has expired. Please verify your email again.');
    throw new HttpError(502, 'upstream_error', 'Your warranties could not be read right now. Please try again.');
  }
}
