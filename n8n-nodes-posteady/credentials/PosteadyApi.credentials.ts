import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

// A workspace API key (Settings → API keys in Posteady's dashboard) and where the service runs.
export class PosteadyApi implements ICredentialType {
	name = 'posteadyApi';

	displayName = 'Posteady API';

	icon: Icon = { light: 'file:../icons/posteady.svg', dark: 'file:../icons/posteady.dark.svg' };

	documentationUrl =
		'https://github.com/posteady/posteady/blob/main/n8n-nodes-posteady/README.md#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://localhost:3000',
			placeholder: 'https://posteady.example.com',
			description: 'Where your Posteady service runs (what `npm start` printed, or your domain)',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'pst_…',
			description:
				'A key of the workspace to post from. Its scopes decide what the node may do (posts:write to publish, media:write to import media, webhooks:write for the trigger).',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	// The key's workspace: answers 401 for a wrong or revoked key.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/v1/workspaces',
			method: 'GET',
		},
	};
}
