// Hostile input on every route, part 2 of 2 (the corpus and the routes' deal: helpers/fuzz.ts).
import { fuzzRoutes } from './helpers/fuzz';

fuzzRoutes(2, 2);
