import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { executeMedia, mediaFields, mediaOperations } from './resources/media';
import { executePostGroup, postGroupFields, postGroupOperations } from './resources/postGroup';
import { executeRead, readFields, readOperations } from './resources/reads';
import { posteadyRequest } from './transport';

export class Posteady implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Posteady',
		name: 'posteady',
		icon: { light: 'file:../../icons/posteady.svg', dark: 'file:../../icons/posteady.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Publish and schedule posts on your social accounts through Posteady',
		defaults: { name: 'Posteady' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		credentials: [{ name: 'posteadyApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Media', value: 'media' },
					{ name: 'Post', value: 'post' },
					{ name: 'Post Group', value: 'postGroup' },
					{ name: 'Publish Job', value: 'publishJob' },
				],
				default: 'postGroup',
			},
			postGroupOperations,
			mediaOperations,
			...readOperations,
			...postGroupFields,
			...mediaFields,
			...readFields,
		],
	};

	methods = {
		loadOptions: {
			async getAccounts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const { accounts } = (await posteadyRequest.call(this, 'GET', '/api/v1/accounts')) as {
					accounts: Array<{ accountId: string; provider: string; username: string }>;
				};
				return accounts.map((account) => ({
					name: `${account.username} (${account.provider})`,
					value: account.accountId,
				}));
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			try {
				let result: IDataObject | IDataObject[];
				if (resource === 'postGroup')
					result = await executePostGroup.call(this, operation, itemIndex);
				else if (resource === 'media') result = await executeMedia.call(this, operation, itemIndex);
				else result = await executeRead.call(this, resource, operation, itemIndex);
				for (const json of Array.isArray(result) ? result : [result]) {
					output.push({ json, pairedItem: { item: itemIndex } });
				}
			} catch (error) {
				if (this.continueOnFail()) {
					output.push({
						json: { error: (error as Error).message },
						pairedItem: { item: itemIndex },
					});
					continue;
				}
				// NodeApiError keeps the service's status, code and issues for n8n's error view
				const failure =
					error instanceof NodeApiError || error instanceof NodeOperationError
						? error
						: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
				throw failure;
			}
		}
		return [output];
	}
}
