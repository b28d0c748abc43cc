// A software passkey authenticator for the kit's passkey journeys: what a browser and a
// platform authenticator together give a gateway, in WebAuthn's JSON serialisation. It makes
// an ES256 key pair per passkey (node:crypto), answers a registration with a `none`
// attestation (CBOR by cborg) and a sign-in with a signed assertion, the user-present and
// user-verified flags set unless told otherwise. It keeps a signature counter per passkey, as
// an authenticator does. It verifies nothing: that is the gateway's job, which the kit judges.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { encode } from 'cborg';

/** CTAP2's canonical CBOR as far as the kit needs it: minimal lengths, plain maps, plain byte strings. */

const FLAG = { userPresent: 0x01, userVerified: 0x04, attestedCredentialData: 0x40 };
/** The kit's AAGUID: all zero, as a `none` attestation may send. */
const AAGUID = Buffer.alloc(16);

export const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sha256 = (data) => createHash('sha256').update(data).digest();

/**
 * @typedef {object} Passkey a credential the authenticator keeps
 * @property {string} id the credential id, base64url
 * @property {string} rpId
 * @property {string} userHandle base64url
 * @property {import('node:crypto').KeyObject} privateKey
 * @property {number} counter the signature counter, raised before each assertion
 */

/** The COSE_Key (RFC 9053) of an ES256 public key: EC2, P-256, its x and y. */
function coseKey(publicKey) {
  const jwk = publicKey.export({ format: 'jwk' });
  return encode(
    new Map([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(String(jwk.x), 'base64url')],
      [-3, Buffer.from(String(jwk.y), 'base64url')],
    ]),
  );
}

/** The authenticator data: the RP ID's hash, the flags, the counter, and the new credential when there is one. */
function authenticatorData(rpId, flags, counter, attested) {
  const head = Buffer.alloc(37);
  sha256(rpId).copy(head, 0);
  head[32] = flags;
  head.writeUInt32BE(counter, 33);
  return attested ? Buffer.concat([head, attested]) : head;
}

const clientData = (type, challenge, origin) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');

const flagsOf = ({ userVerified = true, userPresent = true } = {}) =>
  (userPresent ? FLAG.userPresent : 0) | (userVerified ? FLAG.userVerified : 0);

/** The origin a ceremony runs at: the one given, else `https://` and the RP ID. */
const originOf = (origin, rpId) => origin ?? `https://${rpId}`;

/**
 * Answers registration options (PublicKeyCredentialCreationOptionsJSON) as a browser would with
 * a new passkey: RegistrationResponseJSON, and the passkey the authenticator now keeps.
 * @param {any} options the creation options
 * @param {{ origin?: string, userVerified?: boolean, again?: Passkey }} [how] origin: where the
 *   page runs (`https://` and the RP ID when absent); again: registers this passkey once more
 *   (an authenticator that ignores `excludeCredentials`) instead of making a new one
 * @returns {{ credential: any, passkey: Passkey }}
 */
export function register(options, how = {}) {
  const rpId = options.rp?.id ?? new URL(String(how.origin)).hostname;
  const privateKey = how.again?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const publicKey = createPublicKey(privateKey);
  const id = how.again ? Buffer.from(how.again.id, 'base64url') : randomBytes(16);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const attested = Buffer.concat([AAGUID, length, id, coseKey(publicKey)]);
  const authData = authenticatorData(rpId, flagsOf(how) | FLAG.attestedCredentialData, 0, attested);
  const attestationObject = encode({ fmt: 'none', attStmt: {}, authData });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const credential = {
    id: base64url(id),
    rawId: base64url(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: { credProps: { rk: true } },
    response: {
      clientDataJSON: base64url(clientData('webauthn.create', options.challenge, originOf(how.origin, rpId))),
      attestationObject: base64url(attestationObject),
      authenticatorData: base64url(authData),
      transports: ['internal'],
      publicKeyAlgorithm: -7,
      publicKey: base64url(spki),
    },
  };
  return { credential, passkey: { id: base64url(id), rpId, userHandle: options.user.id, privateKey, counter: 0 } };
}

/**
 * Answers sign-in options (PublicKeyCredentialRequestOptionsJSON) with a passkey it keeps:
 * AuthenticationResponseJSON, signed with the passkey's key over the authenticator data and the
 * client data's hash. The passkey's counter goes up by one.
 * @param {any} options the request options
 * @param {Passkey} passkey
 * @param {{ origin?: string, userVerified?: boolean }} [how]
 */
export function authenticate(options, passkey, how = {}) {
  passkey.counter += 1;
  const rpId = options.rpId ?? passkey.rpId;
  const authData = authenticatorData(rpId, flagsOf(how), passkey.counter, undefined);
  const data = clientData('webauthn.get', options.challenge, originOf(how.origin, rpId));
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url(data),
      authenticatorData: base64url(authData),
      signature: base64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}

/** The same assertion with one bit of its signature flipped: what a tampered answer looks like. */
export function tampered(credential) {
  const signature = Buffer.from(credential.response.signature, 'base64url');
  signature[signature.length - 1] ^= 0x01;
  return { ...credential, response: { ...credential.response, signature: base64url(signature) } };
}

/**
 * A passkey from a PKCS#8 private key (base64) and its ids, such as the test credential the
 * mock's `passkey` persona has (tests/fixtures/passkey-localhost.json).
 * @param {{ credentialId: string, rpId: string, userHandle: string, privateKey: string, signCount?: number }} stored
 *   ids in base64 or base64url, as the Chrome DevTools Protocol's WebAuthn.Credential has them
 * @returns {Passkey}
 */
export function importPasskey(stored) {
  const privateKey = createPrivateKey({ key: Buffer.from(stored.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
  return {
    id: base64url(Buffer.from(stored.credentialId, 'base64')),
    rpId: stored.rpId,
    userHandle: base64url(Buffer.from(stored.userHandle, 'base64')),
    privateKey,
    counter: stored.signCount ?? 0,
  };
}

/** The COSE public key of a passkey, base64url: what a gateway stores when it registers one. */
export const publicKeyOf = (passkey) => base64url(coseKey(createPublicKey(passkey.privateKey)));
