import { useId, type Ref } from "react";
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from "@mui/material";

interface LoginFieldProps {
  label: string;
  name: string;
  type: "email" | "password";
  autoComplete: string;
  error: boolean;
  helperText: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field made of the parts MUI's TextField is made of, the same elements and
 * classes. TextField itself imports its select mode too (Select, Menu, Popover, Modal, the other
 * variants' inputs): ~15 KB gzip of /login's code for something the sign-in page never shows
 * (issue 13). The other forms keep TextField.
 */
export function LoginField({ label, error, helperText, ...input }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error} fullWidth>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} {...input} aria-describedby={`${id}-helper-text`} />
      <FormHelperText id={`${id}-helper-text`}>{helperText}</FormHelperText>
    </FormControl>
  );
}
