// A hash-route link: a real <a href="#/..."> so middle-click, copy-link and keyboard work.
import Link, { type LinkProps } from '@mui/material/Link';

export function AppLink(props: LinkProps & { href: string }) {
  return <Link underline="hover" {...props} />;
}
