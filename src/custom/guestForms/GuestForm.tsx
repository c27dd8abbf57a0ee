import { Form, type FormProps } from "react-admin";

/**
 * A guest page's form: checked by its own rules (noValidate), and without react-admin's "The form
 * is not valid" toast. A check made before sending focuses the first refused field, and the
 * service's refusals are said under their field or above the form (Refusal): a toast on top of
 * them would say it a second time, and stack over the page's own alert.
 */
export function GuestForm(props: Omit<FormProps, "noValidate" | "disableInvalidFormNotification">) {
  return <Form {...props} noValidate disableInvalidFormNotification />;
}
