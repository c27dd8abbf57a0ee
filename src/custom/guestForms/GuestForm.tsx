import { useEffect, useRef } from "react";
import { useFormContext, useFormState } from "react-hook-form";
import { Form, type FormProps } from "react-admin";

/**
 * After a submit the service refused naming fields: the focus goes to the first of them, where its
 * message is read out (the field's description) and where the person types next. Once per submit,
 * never while typing: the fields are checked again as they change.
 */
function FocusFirstRefusal() {
  const { errors, submitCount, isSubmitting } = useFormState();
  const { setFocus } = useFormContext();
  const handled = useRef(0);
  const first = Object.keys(errors)[0];
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    if (first && document.activeElement?.getAttribute("name") !== first) setFocus(first);
  }, [isSubmitting, submitCount, first, setFocus]);
  return null;
}

/**
 * A guest page's form: checked by its own rules (noValidate), and without react-admin's "The form
 * is not valid" toast. A check made before sending focuses the first refused field, and so does a
 * refusal of the service naming fields (FocusFirstRefusal); the service's refusals are said under
 * their field or above the form (Refusal): a toast on top of them would say it a second time, and
 * stack over the page's own alert.
 */
export function GuestForm({ children, ...props }: Omit<FormProps, "noValidate" | "disableInvalidFormNotification">) {
  return (
    <Form {...props} noValidate disableInvalidFormNotification>
      {children}
      <FocusFirstRefusal />
    </Form>
  );
}
