/** What a device is called where a person reads it: its custom box name, or else its serial number. */
export const deviceName = (device: { customBoxName?: string | null; serialNumber: string }): string =>
  device.customBoxName || device.serialNumber;
