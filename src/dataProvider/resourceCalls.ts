/**
 * The resource calls react-admin's CRUD methods do not cover (docs/api-resources.md): the server
 * CSV export, bookmarks, the record actions (change role, disable, enable, a new invitation link,
 * mark lost, mark found, rename, cancel, resume, refund), the firmware upload with progress
 * and the firmware download. Saved queries, invitations and the owner's own account are CRUD calls
 * on their resources (see ./resourceRoutes.ts).
 */
import { HttpError } from "react-admin";
import type {
  BookmarkList,
  BookmarkListUpdate,
  Device,
  Firmware,
  FirmwareUploadFields,
  Invitation,
  Payment,
  PaymentRefund,
  Subscription,
  User,
} from "../api/resources";
import type { Role } from "../api/types";
import { TOKEN_EXPIRED } from "../api/types";
import { expiresWithin } from "../authProvider/tokenRefresher";
import { startMessages } from "../i18n/startMessages";
import { exportPath, type ExportQuery } from "../resources/shared/exportUrl";
import type { BlobResult, HttpClient } from "./httpClient";
import { currentUserAgent, userAgentHeaderValue } from "./userAgent";

export interface UploadOptions {
  /** 0…1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ResourceCalls {
  /** GET {resource}/export.csv?filter=…&sort=…: every matching row, streamed by the service. */
  exportCsv(resource: string, query: ExportQuery): Promise<BlobResult>;

  /** GET bookmarks */
  getBookmarks(): Promise<BookmarkList>;
  /** PUT bookmarks: replaces the caller's whole list. */
  setBookmarks(update: BookmarkListUpdate): Promise<BookmarkList>;

  /** POST users/{id}/role */
  changeUserRole(id: string, role: Role, version: number): Promise<User>;
  /** POST users/{id}/disable */
  disableUser(id: string, version: number): Promise<User>;
  /** POST users/{id}/enable */
  enableUser(id: string, version: number): Promise<User>;
  /** POST users/{id}/invitation (no body): a new invitation for an invited user; the earlier ones stop working. */
  reissueInvitation(userId: string): Promise<Invitation>;

  /** POST devices/{id}/mark-lost */
  markDeviceLost(id: string, version: number): Promise<Device>;
  /** POST devices/{id}/mark-found (super admins): a lost device becomes active again. */
  markDeviceFound(id: string, version: number): Promise<Device>;
  /** POST devices/{id}/custom-name */
  renameDevice(id: string, customBoxName: string | null, version: number): Promise<Device>;
  /** POST devices/{id}/notify-owner: the owner's emails about the device (lost, new firmware) on or off. */
  setDeviceNotifyOwner(id: string, notifyOwner: boolean, version: number): Promise<Device>;

  /** POST subscriptions/{id}/cancel: cancel at period end. */
  cancelSubscription(id: string, version: number): Promise<Subscription>;
  /** POST subscriptions/{id}/resume: undo a cancel at period end. */
  resumeSubscription(id: string, version: number): Promise<Subscription>;
  /** POST payments/{id}/refund, after a password check. */
  refundPayment(id: string, refund: PaymentRefund): Promise<Payment>;

  /** POST firmware, multipart (file + fields), reporting upload progress. */
  uploadFirmware(fields: FirmwareUploadFields, file: File, options?: UploadOptions): Promise<Firmware>;
  /** GET firmware/{id}/file: the build's file, as stored (its SHA-256 is the record's). */
  downloadFirmware(id: string): Promise<BlobResult>;
}

const segment = encodeURIComponent;

interface XhrAnswer {
  status: number;
  text: string;
}

/** One multipart POST through XMLHttpRequest: fetch cannot report upload progress. */
function xhrPost(url: string, body: FormData, token: string, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    // Browsers refuse to set User-Agent from script; X-User-Agent carries the §7 pair.
    request.setRequestHeader("X-User-Agent", userAgentHeaderValue(currentUserAgent()));
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError("Failed to fetch"));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

const messageOf = (body: unknown): string => {
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : body;
  return typeof message === "string" && message.trim() ? message.trim() : startMessages.app.errors.generic;
};

export function createResourceCalls(httpClient: HttpClient): ResourceCalls {
  const post = <T>(path: string, json: unknown) => httpClient.json<T>(path, { method: "POST", json });

  /**
   * The bearer for a request sent outside the client (the XHR upload): the same early-refresh rule
   * and the same shared refresh. A refused refresh surfaces as 401; the next regular call ends the
   * session as §4 says.
   */
  const bearer = async (): Promise<string> => {
    const pending = httpClient.refresher.pending();
    if (pending) return pending;
    const { token } = httpClient.session.getUser();
    return token && expiresWithin(token, Date.now()) ? httpClient.refresher.refresh() : token;
  };

  return {
    exportCsv: (resource, query) => httpClient.blob(exportPath(resource, query), { headers: { Accept: "text/csv" } }),

    getBookmarks: () => httpClient.json<BookmarkList>("bookmarks"),
    setBookmarks: (update) => httpClient.json<BookmarkList>("bookmarks", { method: "PUT", json: update }),

    changeUserRole: (id, role, version) => post<User>(`users/${segment(id)}/role`, { role, version }),
    disableUser: (id, version) => post<User>(`users/${segment(id)}/disable`, { version }),
    enableUser: (id, version) => post<User>(`users/${segment(id)}/enable`, { version }),
    reissueInvitation: (userId) =>
      httpClient.json<Invitation>(`users/${segment(userId)}/invitation`, { method: "POST" }),

    markDeviceLost: (id, version) => post<Device>(`devices/${segment(id)}/mark-lost`, { version }),
    markDeviceFound: (id, version) => post<Device>(`devices/${segment(id)}/mark-found`, { version }),
    renameDevice: (id, customBoxName, version) =>
      post<Device>(`devices/${segment(id)}/custom-name`, { customBoxName, version }),
    setDeviceNotifyOwner: (id, notifyOwner, version) =>
      post<Device>(`devices/${segment(id)}/notify-owner`, { notifyOwner, version }),

    cancelSubscription: (id, version) => post<Subscription>(`subscriptions/${segment(id)}/cancel`, { version }),
    resumeSubscription: (id, version) => post<Subscription>(`subscriptions/${segment(id)}/resume`, { version }),
    refundPayment: (id, refund) => post<Payment>(`payments/${segment(id)}/refund`, refund),

    uploadFirmware: async (fields, file, options = {}) => {
      const form = () => {
        const body = new FormData();
        body.append("firmwareVersion", fields.firmwareVersion);
        body.append("deviceTypeCode", String(fields.deviceTypeCode));
        body.append("releaseNotes", fields.releaseNotes);
        body.append("file", file, file.name);
        return body;
      };
      let token = await bearer();
      let answer = await xhrPost(httpClient.url("firmware"), form(), token, options);
      if (answer.status === 401 && messageOf(parse(answer.text)) === TOKEN_EXPIRED) {
        token = await httpClient.refresher.refreshAfterExpired(token);
        options.onProgress?.(0);
        answer = await xhrPost(httpClient.url("firmware"), form(), token, options);
      }
      const body = parse(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw new HttpError(messageOf(body), answer.status, body);
      return body as Firmware;
    },
    downloadFirmware: (id) =>
      httpClient.blob(`firmware/${segment(id)}/file`, { headers: { Accept: "application/octet-stream" } }),
  };
}
