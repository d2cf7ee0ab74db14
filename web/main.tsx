// The stylesheet first: its rules come in this order, and it is the entry's alone (app/boot.tsx says why).
import './styles.css';
import './app/boot.tsx';
