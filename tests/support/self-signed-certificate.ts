// A certificate for a local TLS server, made with Debian's openssl: the push service stand-in's
// (./push-service.ts) and the app benches' HTTPS front (bench/support/https-front.ts).
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface SelfSignedCertificate {
  key: Buffer;
  cert: Buffer;
  /** the base64 SHA-256 of the certificate's public key (Chromium's
   *  --ignore-certificate-errors-spki-list trusts a certificate by it) */
  spki: string;
}

/** A P-256 certificate for `host` (a name or an IP address), valid for two days. */
export function selfSignedCertificate(host: string): SelfSignedCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'drape-tls-'));
  try {
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=${net.isIP(host) ? 'IP' : 'DNS'}:${host}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(certFile);
    const publicKey = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
    return {
      key: readFileSync(keyFile),
      cert,
      spki: createHash('sha256').update(publicKey).digest('base64'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
