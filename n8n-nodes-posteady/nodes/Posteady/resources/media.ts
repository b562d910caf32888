import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { posteadyRequest, requestIdFor, waitFor } from '../transport';

export const mediaOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['media'] } },
	options: [
		{
			name: 'Import From URL',
			value: 'importFromUrl',
			description: 'Have Posteady fetch an image or video from a public URL into the media library',
			action: 'Import media from a URL',
		},
	],
	default: 'importFromUrl',
};

export const mediaFields: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://cdn.example.com/cover.png',
		description: 'A JPEG, PNG or WebP image (up to 8 MiB) or an MP4 or QuickTime video',
		displayOptions: { show: { resource: ['media'], operation: ['importFromUrl'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['media'], operation: ['importFromUrl'] } },
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				description: "The library's name for it (default: the URL's last path segment)",
			},
			{
				displayName: 'Idempotency Key',
				name: 'idempotencyKey',
				type: 'string',
				default: '',
				description:
					'The same key imports once, also in a later execution (for example the ID of the item that triggered it). Empty: each execution imports once, however often n8n retries it.',
			},
			{
				displayName: 'Media Type',
				name: 'mediaType',
				type: 'options',
				options: [
					{ name: 'Any', value: '' },
					{ name: 'Image', value: 'IMAGE' },
					{ name: 'Video', value: 'VIDEO' },
				],
				default: '',
				description: 'Refuse the file unless it is of this type',
			},
			{
				displayName: 'Wait Timeout (Seconds)',
				name: 'waitTimeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 300,
			},
			{
				displayName: 'Wait Until Imported',
				name: 'wait',
				type: 'boolean',
				default: true,
				description:
					'Whether to wait until the file is in the library, so the next node can post it by its media ID',
			},
		],
	},
];

export async function executeMedia(
	this: IExecuteFunctions,
	operation: string,
	itemIndex: number,
): Promise<IDataObject> {
	if (operation !== 'importFromUrl') {
		throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}"`, { itemIndex });
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as {
		fileName?: string;
		idempotencyKey?: string;
		mediaType?: string;
		wait?: boolean;
		waitTimeout?: number;
	};
	const body: IDataObject = {
		url: this.getNodeParameter('url', itemIndex) as string,
		requestId: requestIdFor.call(this, itemIndex, options.idempotencyKey ?? '', 'media-import'),
	};
	if (options.fileName) body.fileName = options.fileName;
	if (options.mediaType) body.mediaType = options.mediaType;
	const accepted = await posteadyRequest.call(this, 'POST', '/api/v1/media/imports', {
		body,
		safeToRepeat: true,
	});
	if (options.wait === false) return accepted;
	const done = await waitFor.call(
		this,
		`/api/v1/media/imports/${String(accepted.importId)}`,
		(current) => current.status === 'completed' || current.status === 'failed',
		options.waitTimeout ?? 300,
	);
	if (done.status === 'failed') {
		const error = (done.error ?? {}) as IDataObject;
		throw new NodeOperationError(
			this.getNode(),
			`${String(error.code)}: ${String(error.message)}`,
			{ itemIndex, description: `Importing ${String(body.url)} failed` },
		);
	}
	return done;
}
