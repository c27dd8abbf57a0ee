/** The console's paths to each record, as spec §2 names them (the screens table routes them). */
const segment = encodeURIComponent;

export const paths = {
  accounts: "/accounts",
  account: (id: string) => `/accounts/${segment(id)}`,
  ownAccount: "/account",
  business: (id: string) => `/accounts/business/${segment(id)}`,
  addLocation: "/add-new-location",
  users: "/users",
  user: (id: string) => `/users/${segment(id)}`,
  devices: "/devices",
  device: (id: string) => `/devices/${segment(id)}`,
  payments: "/payments",
  subscriptions: "/payments?section=subscription",
  payment: (id: string) => `/payment/${segment(id)}`,
  subscription: (id: string) => `/subscription/${segment(id)}`,
  firmware: "/firmware",
  firmwareUpload: "/firmware/upload",
  discounts: "/discounts",
  invitation: (code: string) => `/invitation/${segment(code)}`,
} as const;
