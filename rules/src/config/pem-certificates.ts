import { X509Certificate } from 'node:crypto';

/**
 * What the server makes of a PEM bundle: it reads the CERTIFICATE blocks (blocks with headers
 * or of other types are skipped, as are blocks whose base64 does not decode) and parses each;
 * one that does not parse fails the bundle, and so does a bundle without any certificate.
 */
export function pemBundleProblem(pem: string): string | undefined {
  const blocks = [...pem.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g)];
  let certificates = 0;
  for (const [, type, body = ''] of blocks) {
    if (type !== 'CERTIFICATE' || /^[^\s:]+:/m.test(body)) continue;
    const base64 = body.replace(/\s+/g, '');
    if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) continue;
    certificates++;
    try {
      new X509Certificate(Buffer.from(base64, 'base64'));
    } catch {
      return `has a certificate (number ${certificates}) that does not parse as X.509`;
    }
  }
  return certificates === 0
    ? 'holds no PEM certificate ("-----BEGIN CERTIFICATE-----" ... "-----END CERTIFICATE-----")'
    : undefined;
}
