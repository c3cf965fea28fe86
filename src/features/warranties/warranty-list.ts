// What the list of cards needs, loaded with the list itself rather than before the sign-in is usable.
export { Card } from './warranty-card';
export { cardsOf, docOf } from './warranty-cards';
