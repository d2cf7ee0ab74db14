import { useLocation } from 'wouter';
import { ErrorView, Button } from '../../../ui/ErrorView.tsx';
import { PAGE_PATH } from '../../../core/paths.ts';
import { canGoBack, goBack } from '../../../app/navigation.ts';

import { messages } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';

const msgs = messages('app/error-page', {
  title403: 'Access denied',
  message403: 'You do not have permission to open this page. If you think this is a mistake, log in again or contact support.',
  title404: 'Page not found',
  message404: 'The page you are looking for does not exist or has moved.',
  title500: 'Server error',
  message500: 'Something went wrong on our side. Please try again in a moment.',
  title503: 'Service unavailable',
  message503: 'The service is busy or under maintenance. Please try again shortly.',
  tryAgain: 'Try again',
  home: 'Back to home',
});

type Code = 403 | 404 | 500 | 503;

export function ErrorPage({ code }: { code: Code }) {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const texts: Record<Code, { title: string; message: string }> = {
    403: { title: t.title403, message: t.message403 },
    404: { title: t.title404, message: t.message404 },
    500: { title: t.title500, message: t.message500 },
    503: { title: t.title503, message: t.message503 },
  };
  const text = texts[code];
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
                {t.tryAgain}
              </Button>
            )}
            <Button onClick={() => navigate(PAGE_PATH.home, { replace: true })}>{t.home}</Button>
          </>
        }
      />
    </div>
  );
}
