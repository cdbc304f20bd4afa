import React from "react";
import Container from "../ui/container";
import * as styles from "./tenant-notice.module.css";

type TenantNoticeProps = { text: string; link: string; path: string };

/** A discreet line above the landing page's hero, for a tenant who searched our name. */
export default function TenantNotice({ text, link, path }: TenantNoticeProps) {
  return (
    <Container>
      <p className={styles.notice}>
        {text} <a href={path}>{link}</a>
      </p>
    </Container>
  );
}
