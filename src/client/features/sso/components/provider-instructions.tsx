import type { ReactNode } from 'react';

/** Where each common provider registers CIFER, in the words of its own console. */
const PROVIDERS: { name: string; steps: ReactNode[] }[] = [
  {
    name: 'Microsoft Entra ID',
    steps: [
      'In the Microsoft Entra admin center, open App registrations → New registration.',
      'Under Redirect URI choose the platform "Web" and paste the redirect URI above.',
      'Under Certificates & secrets create a client secret; copy its Value (not its ID). The Application (client) ID is the client ID.',
      'API permissions: the delegated Microsoft Graph permissions openid, email and profile.',
      'Token configuration → Add optional claim → ID: tick email and xms_edov (CIFER needs to know the address is verified).',
      <>
        Issuer URL: <code className="break-all">https://login.microsoftonline.com/&lt;tenant-id&gt;/v2.0</code> (the Directory (tenant) ID from the Overview page).
      </>,
    ],
  },
  {
    name: 'Google Workspace',
    steps: [
      'In the Google Cloud console, APIs & Services → OAuth consent screen: choose "Internal" so only your Workspace can sign in.',
      'Credentials → Create credentials → OAuth client ID, application type "Web application".',
      'Add the redirect URI above under "Authorized redirect URIs"; copy the client ID and client secret.',
      'Scopes: openid, email and profile.',
      <>
        Issuer URL: <code className="break-all">https://accounts.google.com</code>
      </>,
    ],
  },
  {
    name: 'Okta',
    steps: [
      'In the Okta Admin Console, Applications → Create App Integration → "OIDC - OpenID Connect", type "Web Application".',
      'Add the redirect URI above as a "Sign-in redirect URI"; grant type Authorization Code.',
      'Assign the people or groups who may use CIFER; copy the client ID and client secret.',
      'Scopes: openid, email and profile.',
      <>
        Issuer URL: <code className="break-all">https://&lt;your-domain&gt;.okta.com</code> or, with an authorization server, <code className="break-all">https://&lt;your-domain&gt;.okta.com/oauth2/default</code>
      </>,
    ],
  },
];

/** Short, collapsible set-up notes for the three providers owners ask about most. */
export function ProviderInstructions() {
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold text-slate-900">Setting up your identity provider</h3>
      {PROVIDERS.map((provider) => (
        <details key={provider.name} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
          <summary className="cursor-pointer rounded-sm font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">{provider.name}</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
            {provider.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}
