import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

type Context = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions;

type RequestOptions = {
	body?: IDataObject;
	qs?: IDataObject;
	// Repeating the request cannot do anything twice: a read, a DELETE, or a write carrying a
	// requestId (the service answers a repeat with what the first one made).
	safeToRepeat?: boolean;
	// A 404 answers {} instead of failing (deleting what may be gone already, checking it exists).
	ignoreNotFound?: boolean;
};

const attempts = 3;

/**
 * One call to Posteady's REST API with the node's credential. A 429 or 503 is retried after its
 * Retry-After (the service did nothing); a lost answer only when repeating is safe, since the
 * service may have acted. Any other error answer becomes a NodeApiError carrying the service's
 * code, message and issues.
 */
export async function posteadyRequest(
	this: Context,
	method: IHttpRequestMethods,
	path: string,
	options: RequestOptions = {},
): Promise<IDataObject> {
	const credentials = await this.getCredentials('posteadyApi');
	const baseURL = String(credentials.baseUrl).replace(/\/+$/, '');
	const safe = options.safeToRepeat ?? (method === 'GET' || method === 'DELETE');
	for (let attempt = 1; ; attempt++) {
		let response: { statusCode: number; headers: IDataObject; body: unknown };
		try {
			response = await this.helpers.httpRequestWithAuthentication.call(this, 'posteadyApi', {
				method,
				baseURL,
				url: path,
				body: options.body,
				qs: options.qs,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			});
		} catch (error) {
			if (safe && attempt < attempts) {
				await sleep(500 * attempt);
				continue;
			}
			throw new NodeApiError(this.getNode(), error as JsonObject, {
				message: `Posteady did not answer ${method} ${path}`,
			});
		}
		const status = response.statusCode;
		if (status < 400) return (response.body ?? {}) as IDataObject;
		if (status === 404 && options.ignoreNotFound) return {};
		if ((status === 429 || status === 503) && attempt < attempts) {
			await sleep(retryAfterMs(response.headers['retry-after']));
			continue;
		}
		throw apiError(this, status, response.body);
	}
}

function retryAfterMs(header: unknown): number {
	const seconds = Number(header);
	return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : 1000;
}

// The service's error envelope: { error: { code, message, details? } }, a 422's fields at fault in
// details.issues.
function apiError(context: Context, status: number, body: unknown): NodeApiError {
	const envelope = ((body as IDataObject | undefined)?.error ?? {}) as IDataObject;
	const details = (envelope.details ?? {}) as IDataObject;
	const issues = Array.isArray(details.issues) ? (details.issues as IDataObject[]) : [];
	const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${status}`;
	const message = typeof envelope.message === 'string' ? envelope.message : 'Request failed';
	return new NodeApiError(context.getNode(), (body ?? {}) as JsonObject, {
		httpCode: String(status),
		message: `${code}: ${message}`,
		description: issues.length
			? issues
					.map((issue) => `${String(issue.path ?? '')}: ${String(issue.message ?? '')}`)
					.join('\n')
			: undefined,
	});
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The requestId of a write: the same for every try of the same item in the same execution
 * (n8n's "Retry On Fail", a lost answer), so the service makes one post group however often it
 * is sent. An idempotency key of the user's (say an upstream item's id) is turned into a UUID
 * the same way, so a later execution with the same key answers the same post group.
 */
export function requestIdFor(
	this: IExecuteFunctions,
	itemIndex: number,
	key: string,
	purpose: 'post-group' | 'media-import',
): string {
	if (uuidPattern.test(key)) return key.toLowerCase();
	const seed = key
		? `${purpose}:key:${key}`
		: `${purpose}:${this.getWorkflow().id ?? ''}:${this.getExecutionId()}:${this.getNode().name}:${itemIndex}`;
	const hex = createHash('sha256').update(seed).digest('hex');
	const variant = (8 | (parseInt(hex[16], 16) & 3)).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Reads `path` until `done` says so, or throws when `timeoutSeconds` pass. */
export async function waitFor(
	this: IExecuteFunctions,
	path: string,
	done: (resource: IDataObject) => boolean,
	timeoutSeconds: number,
): Promise<IDataObject> {
	const deadline = Date.now() + timeoutSeconds * 1000;
	for (;;) {
		const resource = await posteadyRequest.call(this, 'GET', path);
		if (done(resource)) return resource;
		if (Date.now() > deadline) {
			throw new NodeOperationError(
				this.getNode(),
				`${path} is still ${String(resource.status)} after ${timeoutSeconds} s`,
			);
		}
		await sleep(1000);
	}
}
