import { createHmac, timingSafeEqual } from 'crypto';

// Standard Webhooks signature check (https://www.standardwebhooks.com): HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<raw body>" under the secret's bytes, base64, one or more
// "v1,<signature>" in webhook-signature. Written out here rather than taken from the
// `standardwebhooks` package because n8n refuses community nodes with runtime dependencies;
// the tests check it against deliveries signed by that package.

const toleranceSeconds = 5 * 60;

export function verifySignature(
	secret: string,
	headers: Record<string, string | string[] | undefined>,
	rawBody: Buffer | string,
	nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
	const id = header(headers, 'webhook-id');
	const timestamp = header(headers, 'webhook-timestamp');
	const signatures = header(headers, 'webhook-signature');
	if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
	if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
	return signatures.split(' ').some((entry) => {
		const [version, signature] = entry.split(',');
		if (version !== 'v1' || !signature) return false;
		const given = Buffer.from(signature, 'base64');
		return given.length === expected.length && timingSafeEqual(given, expected);
	});
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
	const value = headers[name];
	return (Array.isArray(value) ? value[0] : value) ?? '';
}
