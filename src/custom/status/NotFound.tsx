import { Button } from "@mui/material";
import HomeIcon from "@mui/icons-material/Home";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { StatusPage } from "./StatusPage";

/** Spec §2: the catch-all and every route the role may not use. */
export function NotFound() {
  const translate = useTranslate();
  return (
    <StatusPage
      code={translate("notFound.code")}
      title={translate("notFound.title")}
      body={translate("notFound.body")}
      actions={
        <Button variant="contained" component={Link} to="/" startIcon={<HomeIcon />}>
          {translate("notFound.home")}
        </Button>
      }
    />
  );
}
