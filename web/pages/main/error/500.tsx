import { ErrorPage } from './ErrorPage.tsx';

export default function Error500Page() {
  return <ErrorPage code={500} />;
}
