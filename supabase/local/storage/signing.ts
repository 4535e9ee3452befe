// Signed URLs, as Supabase Storage makes them: an HS256 JWT (project secret) whose `url`
// claim is `{bucket}/{name}`, plus `transformations` for rendered images, or `upsert`
// and `owner` for signed uploads. URLs are relative to /storage/v1 and carry the name raw
// (the client encodes it).
import type { JwtTools, Claims } from '../jwt.ts';
import { ERR } from './errors.ts';
import type { ImageTransform } from './render.ts';
import { transformFromToken, transformToToken } from './render.ts';

/** How long a signed upload URL lives (Supabase: two hours). */
export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

export async function signDownload(
  jwt: JwtTools,
  bucket: string,
  name: string,
  expiresIn: number,
  transform: ImageTransform | null,
): Promise<string> {
  const url = `${bucket}/${name}`;
  const payload: Claims = { url };
  if (transform) Object.assign(payload, transformToToken(transform));
  const token = await jwt.sign(payload, { expiresIn });
  return `/${transform ? 'render/image' : 'object'}/sign/${url}?token=${token}`;
}

/** Checks a signed-URL token for this object; returns the transform it was signed with. */
export async function verifyDownload(
  jwt: JwtTools,
  token: string | null,
  bucket: string,
  name: string,
): Promise<ImageTransform | null> {
  const claims = await verifyFor(jwt, token, bucket, name);
  return transformFromToken(claims);
}

export async function signUpload(
  jwt: JwtTools,
  bucket: string,
  name: string,
  owner: string | undefined,
  upsert: boolean,
): Promise<{ url: string; token: string }> {
  const token = await jwt.sign(
    { url: `${bucket}/${name}`, owner, upsert },
    { expiresIn: UPLOAD_URL_SECONDS },
  );
  return { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token };
}

export async function verifyUpload(
  jwt: JwtTools,
  token: string | null,
  bucket: string,
  name: string,
): Promise<{ owner: string | undefined; upsert: boolean }> {
  const claims = await verifyFor(jwt, token, bucket, name);
  return {
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
    upsert: claims.upsert === true,
  };
}

async function verifyFor(jwt: JwtTools, token: string | null, bucket: string, name: string): Promise<Claims> {
  if (!token) throw ERR.invalidRequest("querystring must have required property 'token'");
  const claims = await jwt.verify(token); // JwtError → InvalidJWT "jwt expired" / "invalid signature"
  if (claims.url !== `${bucket}/${name}`) throw ERR.invalidSignature();
  return claims;
}
