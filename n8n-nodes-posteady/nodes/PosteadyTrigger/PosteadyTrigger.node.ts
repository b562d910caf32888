import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { posteadyRequest } from '../Posteady/transport';
import { eventTypes } from './events';
import { verifySignature } from './signature';

type Registration = { webhookId?: string; secret?: string };

// Activating the workflow registers a Posteady webhook pointing at this node's URL (its secret
// kept in the workflow's static data), deactivating deletes it. Each delivery's signature is
// checked before the workflow runs.
export class PosteadyTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Posteady Trigger',
		name: 'posteadyTrigger',
		icon: { light: 'file:../../icons/posteady.svg', dark: 'file:../../icons/posteady.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description:
			'Starts the workflow when Posteady sends an event: a post published, failed, scheduled, an account connected…',
		defaults: { name: 'Posteady Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'posteadyApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: ['publish_job.published', 'publish_job.failed'],
				description: 'The events to start the workflow on',
				options: [
					{ name: 'Any Event', value: '*' },
					...eventTypes.map((type) => ({ name: type, value: type })),
				],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const registration = this.getWorkflowStaticData('node') as Registration;
				if (!registration.webhookId || !registration.secret) return false;
				const webhook = await posteadyRequest.call(
					this,
					'GET',
					`/api/v1/webhooks/${registration.webhookId}`,
					{ ignoreNotFound: true },
				);
				return webhook.url === this.getNodeWebhookUrl('default') && sameEvents(this, webhook);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl('default') as string;
				const registration = this.getWorkflowStaticData('node') as Registration;
				// A webhook to this URL whose secret we no longer hold (an activation whose answer was
				// lost, changed events) could not be verified: replace it, never add a second.
				const { webhooks } = (await posteadyRequest.call(this, 'GET', '/api/v1/webhooks')) as {
					webhooks: IDataObject[];
				};
				for (const old of webhooks.filter((webhook) => webhook.url === url)) {
					await deleteWebhook.call(this, String(old.webhookId));
				}
				const created = await posteadyRequest.call(this, 'POST', '/api/v1/webhooks', {
					body: {
						url,
						events: this.getNodeParameter('events') as string[],
						description: `n8n: ${this.getWorkflow().name ?? this.getNode().name}`,
					},
				});
				registration.webhookId = String(created.webhookId);
				registration.secret = String(created.secret);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const registration = this.getWorkflowStaticData('node') as Registration;
				if (registration.webhookId) await deleteWebhook.call(this, registration.webhookId);
				delete registration.webhookId;
				delete registration.secret;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const { secret } = this.getWorkflowStaticData('node') as Registration;
		const rawBody = (request as unknown as { rawBody?: Buffer }).rawBody;
		if (!secret || !rawBody || !verifySignature(secret, request.headers, rawBody)) {
			this.getResponseObject()
				.status(401)
				.json({ error: 'The Standard Webhooks signature does not match' });
			return { noWebhookResponse: true };
		}
		return { workflowData: [this.helpers.returnJsonArray(this.getBodyData())] };
	}
}

function sameEvents(context: IHookFunctions, webhook: IDataObject): boolean {
	const wanted = [...(context.getNodeParameter('events') as string[])].sort();
	const registered = [...((webhook.events as string[]) ?? [])].sort();
	return wanted.join() === registered.join();
}

// Already gone (deleted in Posteady's dashboard, say) is what deleting wanted.
async function deleteWebhook(this: IHookFunctions, webhookId: string): Promise<void> {
	await posteadyRequest.call(this, 'DELETE', `/api/v1/webhooks/${webhookId}`, {
		ignoreNotFound: true,
	});
}
