import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const hashSecret = (secret: string) => hash(secret);

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

/** Spent on unknown users too, so response time does not tell which e-mail addresses exist. */
const decoy = hash('decoy password that never matches');
export async function verifyDecoy(secret: string): Promise<false> {
  await verifySecret(await decoy, secret);
  return false;
}
