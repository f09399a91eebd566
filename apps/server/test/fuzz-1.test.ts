// Hostile input on every route, part 1 of 2 (the corpus and the routes' deal: helpers/fuzz.ts).
import { fuzzRoutes } from './helpers/fuzz';

fuzzRoutes(1, 2);
