import { format } from "date-fns";
import { DATE_FORMAT, TIME_FORMAT } from "../config";

/** Spec §9: MM/DD/yyyy. */
export const formatDate = (date: Date | string | number): string => format(new Date(date), DATE_FORMAT);
/** Spec §9: hh:mm A (12-hour, AM/PM). */
export const formatTime = (date: Date | string | number): string => format(new Date(date), TIME_FORMAT).toUpperCase();
/** Spec §9: date, comma, time. */
export const formatDateTime = (date: Date | string | number): string => `${formatDate(date)}, ${formatTime(date)}`;
