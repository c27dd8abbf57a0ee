import { Button, CircularProgress } from "@mui/material";
import { useFormState } from "react-hook-form";
import { useTranslate } from "react-admin";

/**
 * The submit button of the test page's dialogs: disabled while the react-admin form around it is
 * invalid (its validators say so) or submitting. react-admin's SaveButton is also disabled while
 * the form is pristine, which these dialogs do not want (Update works on an unchanged test).
 */
export function FormSubmitButton({ label }: { label: string }) {
  const translate = useTranslate();
  // Destructured so react-hook-form's proxy subscribes to both.
  const { isValid, isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={!isValid || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {translate(label)}
    </Button>
  );
}
