/** Every in-app address comes from these builders (router paths; the hash router adds '#'). */
export const paths = {
  home: () => '/',
  login: (redirect?: string) => (redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  account: {
    view: (id: number) => `/Account/View/${id}`,
    tab: (id: number, tab: string) => `/Account/View/${id}/${encodeURIComponent(tab)}`,
    customAction: (action: string, id: number) => `/Account/CustomAction/${encodeURIComponent(action)}/${id}`,
  },
  services: {
    list: () => '/Services',
    /** [M2.22], [S2.3] The service tool: with a service name it edits, without it creates. */
    create: () => '/Marketplace/ServiceCreate',
    edit: (serviceName: string) => `/Marketplace/ServiceCreate/${encodeURIComponent(serviceName)}`,
  },
  /** [M2.13] #/Redirect/{target}. */
  redirect: (target: string) => `/Redirect/${target}`,
  /** [M7.19] The viewer of confirmed terms and privacy policy. */
  confirmedTerms: () => '/MyTerms',
} as const;

/** The same as an href for plain anchors. */
export const href = (path: string) => `#${path}`;
