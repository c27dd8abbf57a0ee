/**
 * The anchor: the smallest honest react-admin app over the console's service, what a team would
 * write instead of this console (issue 13). <Admin> with ra-data-simple-rest on the same /api, a
 * bearer token from the service's sign-in, and the accounts, payments, users and devices lists with
 * the console's columns (their contracts in src/api/contract/), and the gallery's tests as a list.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import simpleRestProvider from "ra-data-simple-rest";
import {
  Admin,
  DataTable,
  DateField,
  fetchUtils,
  List,
  NumberField,
  Resource,
  type AuthProvider,
  type DataProvider,
} from "react-admin";

const TOKEN = "anchor.token";

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, {
    ...options,
    user: { authenticated: true, token: `Bearer ${localStorage.getItem(TOKEN) ?? ""}` },
  });

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch("/api/v2/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: username, password }),
    });
    if (!response.ok) throw new Error("Sign-in refused");
    const { accessToken } = (await response.json()) as { accessToken: string };
    localStorage.setItem(TOKEN, accessToken);
  },
  async logout() {
    localStorage.removeItem(TOKEN);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN)) throw new Error("Signed out");
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      localStorage.removeItem(TOKEN);
      throw new Error("Signed out");
    }
  },
  async getPermissions() {
    return undefined;
  },
};

const simpleRest = simpleRestProvider("/api", httpClient);

/**
 * Past 10,000 rows the service answers a list's total as "*" (Content-Range "0-24/*"), which
 * ra-data-simple-rest reads as NaN: a team would page such a list as react-admin's partial
 * pagination, Next while a page comes back full.
 */
const dataProvider: DataProvider = {
  ...simpleRest,
  async getList(resource, params) {
    const result = await simpleRest.getList(resource, params);
    if (Number.isFinite(result.total)) return result;
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: result.data.length === perPage } };
  },
};

const AccountList = () => (
  <List sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <DataTable hiddenColumns={["email", "phone", "country", "businessCount"]}>
      <DataTable.Col source="name" />
      <DataTable.Col source="ownerName" />
      <DataTable.Col source="email" />
      <DataTable.Col source="phone" />
      <DataTable.Col source="country" />
      <DataTable.Col source="status" />
      <DataTable.Col source="subscriptionStatus" />
      <DataTable.NumberCol source="businessCount" />
      <DataTable.NumberCol source="userCount" />
      <DataTable.NumberCol source="deviceCount" />
      <DataTable.NumberCol source="testCount" />
      <DataTable.Col source="createdAt" field={DateField} />
    </DataTable>
  </List>
);

const PaymentList = () => (
  <List sort={{ field: "date", order: "DESC" }} perPage={25}>
    <DataTable hiddenColumns={["methodDetail", "refundedAmount"]}>
      <DataTable.Col source="date" field={DateField} />
      <DataTable.Col source="invoiceNumber" />
      <DataTable.Col source="accountName" />
      <DataTable.NumberCol source="amount" />
      <DataTable.Col source="status" />
      <DataTable.Col source="method" />
      <DataTable.Col source="methodDetail" />
      <DataTable.Col source="refundedAmount" field={NumberField} />
    </DataTable>
  </List>
);

const UserList = () => (
  <List sort={{ field: "lastName", order: "ASC" }} perPage={25}>
    <DataTable hiddenColumns={["createdAt"]}>
      <DataTable.Col source="lastName" />
      <DataTable.Col source="email" />
      <DataTable.Col source="role" />
      <DataTable.Col source="accountName" />
      <DataTable.Col source="businessName" />
      <DataTable.Col source="status" />
      <DataTable.Col source="lastSignInAt" field={DateField} />
      <DataTable.Col source="createdAt" field={DateField} />
    </DataTable>
  </List>
);

const DeviceList = () => (
  <List sort={{ field: "lastSeenAt", order: "DESC" }} perPage={25}>
    <DataTable hiddenColumns={["phoneOs", "createdAt", "firmwareVersion"]}>
      <DataTable.Col source="serialNumber" />
      <DataTable.NumberCol source="typeCode" />
      <DataTable.Col source="customBoxName" />
      <DataTable.Col source="firmwareVersion" />
      <DataTable.Col source="accountName" />
      <DataTable.Col source="businessName" />
      <DataTable.Col source="status" />
      <DataTable.Col source="phoneModel" />
      <DataTable.Col source="phoneOs" />
      <DataTable.Col source="lastSeenAt" field={DateField} />
      <DataTable.Col source="createdAt" field={DateField} />
    </DataTable>
  </List>
);

/** The gallery's tests as a plain list: the first page the console's gallery shows, without photos. */
const TestList = () => (
  <List sort={{ field: "date", order: "DESC" }} perPage={10}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="device.name" />
      <DataTable.Col source="date" field={DateField} />
    </DataTable>
  </List>
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} authProvider={authProvider} disableTelemetry requireAuth>
      <Resource name="accounts" list={AccountList} />
      <Resource name="payments" list={PaymentList} />
      <Resource name="users" list={UserList} />
      <Resource name="devices" list={DeviceList} />
      <Resource name="tests" list={TestList} />
    </Admin>
  </StrictMode>,
);
