import { useLocation } from 'wouter';
import { ErrorView, Button } from '../../../ui/ErrorView.tsx';
import { PAGE_PATH } from '../../../core/paths.ts';
import { canGoBack, goBack } from '../../../app/navigation.ts';

const TEXT = {
  403: { title: 'Access denied', message: 'You do not have permission to open this page. If you think this is a mistake, log in again or contact support.' },
  404: { title: 'Page not found', message: 'The page you are looking for does not exist or has moved.' },
  500: { title: 'Server error', message: 'Something went wrong on our side. Please try again in a moment.' },
  503: { title: 'Service unavailable', message: 'The service is busy or under maintenance. Please try again shortly.' },
} as const;

export function ErrorPage({ code }: { code: keyof typeof TEXT }) {
  const [, navigate] = useLocation();
  const text = TEXT[code];
  const retryable = code === 500 || code === 503;
  return (
    <div className="scroll error-page">
      <ErrorView
        code={code}
        title={text.title}
        message={text.message}
        actions={
          <>
            {retryable && canGoBack() && (
              <Button variant="secondary" onClick={() => goBack()}>
                Try again
              </Button>
            )}
            <Button onClick={() => navigate(PAGE_PATH.home, { replace: true })}>Back to home</Button>
          </>
        }
      />
    </div>
  );
}
