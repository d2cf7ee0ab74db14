import { createRoot } from 'react-dom/client';
import './styles.css';

// Temporary entry until the shell lands (the shell session replaces this file).
const root = document.getElementById('root');
if (root) createRoot(root).render(<div>loading</div>);
