import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { posteadyRequest, waitFor } from '../transport';

// The resources the node only reads: accounts, published posts and publish jobs.

const providers = [
	{ name: 'Bluesky', value: 'bluesky' },
	{ name: 'Facebook', value: 'facebook' },
	{ name: 'Instagram', value: 'instagram' },
	{ name: 'LinkedIn', value: 'linkedin' },
	{ name: 'Mastodon', value: 'mastodon' },
	{ name: 'Threads', value: 'threads' },
	{ name: 'TikTok', value: 'tiktok' },
	{ name: 'X', value: 'x' },
	{ name: 'YouTube', value: 'youtube' },
];

export const readOperations: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List the workspace's connected accounts",
				action: 'Get many accounts',
			},
		],
		default: 'getAll',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['post'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List published posts with their metrics',
				action: 'Get many posts',
			},
		],
		default: 'getAll',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['publishJob'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: "Get one account's publishing job: its status, post ID and permalink",
				action: 'Get a publish job',
			},
		],
		default: 'get',
	},
];

export const readFields: INodeProperties[] = [
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...providers],
		default: '',
		description: 'Only accounts or posts of this platform',
		displayOptions: { show: { resource: ['account', 'post'], operation: ['getAll'] } },
	},
	{
		displayName: 'Account ID',
		name: 'accountId',
		type: 'string',
		default: '',
		description: "Only this account's posts",
		displayOptions: { show: { resource: ['post'], operation: ['getAll'] } },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { resource: ['post'], operation: ['getAll'] } },
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		options: [
			{ name: 'Recent', value: 'recent', description: 'Newest first' },
			{ name: 'Top', value: 'top', description: 'Most views first, then most likes' },
		],
		default: 'recent',
		displayOptions: { show: { resource: ['post'], operation: ['getAll'] } },
	},
	{
		displayName: 'Published Within (Days)',
		name: 'rangeDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 3650 },
		default: 30,
		displayOptions: { show: { resource: ['post'], operation: ['getAll'] } },
	},
	{
		displayName: 'Job ID',
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		description: "A target's job ID, as a post group lists it",
		displayOptions: { show: { resource: ['publishJob'], operation: ['get'] } },
	},
	{
		displayName: 'Wait Until Finished',
		name: 'wait',
		type: 'boolean',
		default: false,
		description: 'Whether to wait while the job is queued or publishing',
		displayOptions: { show: { resource: ['publishJob'], operation: ['get'] } },
	},
];

export async function executeRead(
	this: IExecuteFunctions,
	resource: string,
	operation: string,
	itemIndex: number,
): Promise<IDataObject | IDataObject[]> {
	if (resource === 'account' && operation === 'getAll') {
		const provider = this.getNodeParameter('provider', itemIndex, '') as string;
		const { accounts } = (await posteadyRequest.call(this, 'GET', '/api/v1/accounts')) as {
			accounts: IDataObject[];
		};
		return provider ? accounts.filter((account) => account.provider === provider) : accounts;
	}
	if (resource === 'post' && operation === 'getAll') {
		const qs: IDataObject = {
			limit: this.getNodeParameter('limit', itemIndex, 50),
			sort: this.getNodeParameter('sort', itemIndex, 'recent'),
			rangeDays: this.getNodeParameter('rangeDays', itemIndex, 30),
		};
		const provider = this.getNodeParameter('provider', itemIndex, '') as string;
		const accountId = this.getNodeParameter('accountId', itemIndex, '') as string;
		if (provider) qs.provider = provider;
		if (accountId) qs.accountId = accountId;
		const { posts } = (await posteadyRequest.call(this, 'GET', '/api/v1/posts', { qs })) as {
			posts: IDataObject[];
		};
		return posts;
	}
	if (resource === 'publishJob' && operation === 'get') {
		const path = `/api/v1/publish-jobs/${encodeURIComponent(this.getNodeParameter('jobId', itemIndex) as string)}`;
		if (!this.getNodeParameter('wait', itemIndex, false)) {
			return posteadyRequest.call(this, 'GET', path);
		}
		return waitFor.call(
			this,
			path,
			(job) => !['queued', 'processing'].includes(String(job.status)),
			300,
		);
	}
	throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}"`, { itemIndex });
}
