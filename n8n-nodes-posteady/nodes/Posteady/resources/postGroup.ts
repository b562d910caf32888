import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { posteadyRequest, requestIdFor, waitFor } from '../transport';

const writes = ['publish', 'schedule', 'queue'];

export const postGroupOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['postGroup'] } },
	options: [
		{
			name: 'Add to Queue',
			value: 'queue',
			description: "Give each account's post its account's next free posting slot",
			action: 'Add a post group to the queue',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a post group with the state and permalink of each target',
			action: 'Get a post group',
		},
		{
			name: 'Publish Now',
			value: 'publish',
			description: 'Publish one post to one or more accounts now',
			action: 'Publish a post group',
		},
		{
			name: 'Schedule',
			value: 'schedule',
			description: 'Publish one post to one or more accounts at a time',
			action: 'Schedule a post group',
		},
	],
	default: 'publish',
};

export const postGroupFields: INodeProperties[] = [
	{
		displayName: 'Account Names or IDs',
		name: 'accountIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getAccounts' },
		required: true,
		default: [],
		description:
			'The accounts to post to (1 to 50). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { resource: ['postGroup'], operation: writes } },
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description:
			"The post's text: each platform's caption, message, description or first post; each platform's limit applies to its own text",
		displayOptions: { show: { resource: ['postGroup'], operation: writes } },
	},
	{
		displayName: 'Scheduled At',
		name: 'scheduledAt',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When to publish (in the future)',
		displayOptions: { show: { resource: ['postGroup'], operation: ['schedule'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['postGroup'], operation: writes } },
		options: [
			{
				displayName: 'Alt Text',
				name: 'altText',
				type: 'string',
				default: '',
				description: 'What screen readers read for the images',
			},
			{
				displayName: 'First Comment',
				name: 'firstComment',
				type: 'string',
				default: '',
				description:
					'Posted right after the post: a reply on X, Threads, Bluesky and Mastodon, a comment on LinkedIn, Instagram and Facebook',
			},
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				description:
					'The same key makes the same post group, also in a later execution (for example the ID of the item that triggered it). Empty: each execution posts once, however often n8n retries it.',
			},
			{
				displayName: 'Media IDs',
				name: 'mediaIds',
				type: 'string',
				default: '',
				description:
					'Media of the library, comma-separated, in order (the Media resource\'s "Import From URL" gives one)',
			},
			{
				displayName: 'Platform Options (JSON)',
				name: 'platformOptions',
				type: 'json',
				default: '{}',
				description:
					'Options per platform, given to every account of that platform, for example {"instagram": {"contentType": "FEED"}, "youtube": {"title": "Spring", "privacyStatus": "public"}}',
			},
			{
				displayName: 'Replies',
				name: 'thread',
				type: 'string',
				typeOptions: { multipleValues: true },
				default: [],
				description: 'Posts after the first one, forming a thread where the platform has threads',
			},
			{
				displayName: 'Time Zone',
				name: 'timezone',
				type: 'string',
				default: '',
				placeholder: 'Europe/Berlin',
				description: 'The IANA time zone the time was chosen in (shown in the calendar)',
			},
			{
				displayName: 'Wait Timeout (Seconds)',
				name: 'waitTimeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 300,
			},
			{
				displayName: 'Wait Until Done',
				name: 'wait',
				type: 'boolean',
				default: false,
				description:
					'Whether to wait until every account has published (or failed) before going on. Publish Now only.',
			},
		],
	},
	{
		displayName: 'Post Group ID',
		name: 'postGroupId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show: { resource: ['postGroup'], operation: ['get'] } },
	},
];

type Options = {
	altText?: string;
	firstComment?: string;
	idempotencyKey?: string;
	mediaIds?: string;
	platformOptions?: string | IDataObject;
	thread?: string[];
	timezone?: string;
	wait?: boolean;
	waitTimeout?: number;
};

export async function executePostGroup(
	this: IExecuteFunctions,
	operation: string,
	itemIndex: number,
): Promise<IDataObject> {
	if (operation === 'get') {
		const id = this.getNodeParameter('postGroupId', itemIndex) as string;
		return posteadyRequest.call(this, 'GET', `/api/v1/post-groups/${encodeURIComponent(id)}`);
	}
	if (!writes.includes(operation)) {
		throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}"`, { itemIndex });
	}
	const accountIds = toList(this.getNodeParameter('accountIds', itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as Options;
	const mediaIds = toList(options.mediaIds ?? '');
	const content: IDataObject = { text: this.getNodeParameter('text', itemIndex) as string };
	if (options.thread?.length) content.thread = options.thread;
	if (mediaIds.length) {
		content.media = mediaIds.map((mediaId) =>
			options.altText ? { mediaId, altText: options.altText } : { mediaId },
		);
	}
	if (options.firstComment) content.firstComment = options.firstComment;

	const perPlatform = parseJson(this, options.platformOptions, itemIndex);
	const providers = Object.keys(perPlatform).length ? await accountProviders.call(this) : {};
	const body: IDataObject = {
		requestId: requestIdFor.call(this, itemIndex, options.idempotencyKey ?? '', 'post-group'),
		content,
		targets: accountIds.map((accountId) => {
			const provider = providers[accountId];
			const extra = provider && perPlatform[provider] ? { [provider]: perPlatform[provider] } : {};
			return { accountId, ...extra };
		}),
	};
	if (operation === 'schedule') {
		body.scheduledAt = new Date(
			this.getNodeParameter('scheduledAt', itemIndex) as string,
		).toISOString();
	}
	if (operation === 'queue') body.queue = true;
	if (options.timezone) body.timezone = options.timezone;

	const group = await posteadyRequest.call(this, 'POST', '/api/v1/post-groups', {
		body,
		safeToRepeat: true,
	});
	// The group as the API shows it (status, each target's job and permalink), each target keeping
	// what only the creation's answer has (a queued target's scheduledAt).
	const path = `/api/v1/post-groups/${String(group.postGroupId)}`;
	const current =
		operation === 'publish' && options.wait
			? await waitFor.call(this, path, (g) => g.status !== 'processing', options.waitTimeout ?? 300)
			: await posteadyRequest.call(this, 'GET', path);
	const created = new Map(
		((group.targets ?? []) as IDataObject[]).map((target) => [target.accountId, target]),
	);
	const targets = ((current.targets ?? []) as IDataObject[]).map((target) => ({
		...created.get(target.accountId),
		...target,
	}));
	return { ...current, targets };
}

// A list given in the field, by an expression as an array, or as comma-separated text.
function toList(value: unknown): string[] {
	const values = Array.isArray(value) ? value : String(value ?? '').split(',');
	return values.map((entry) => String(entry).trim()).filter(Boolean);
}

function parseJson(
	context: IExecuteFunctions,
	value: string | IDataObject | undefined,
	itemIndex: number,
): IDataObject {
	if (value === undefined || value === '') return {};
	if (typeof value === 'object') return value;
	try {
		const parsed = JSON.parse(value) as unknown;
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
			return parsed as IDataObject;
	} catch {
		// reported below
	}
	throw new NodeOperationError(context.getNode(), 'Platform Options must be a JSON object', {
		itemIndex,
		description: 'For example {"instagram": {"contentType": "FEED"}}',
	});
}

async function accountProviders(this: IExecuteFunctions): Promise<Record<string, string>> {
	const { accounts } = (await posteadyRequest.call(this, 'GET', '/api/v1/accounts')) as {
		accounts: Array<{ accountId: string; provider: string }>;
	};
	return Object.fromEntries(accounts.map((account) => [account.accountId, account.provider]));
}
