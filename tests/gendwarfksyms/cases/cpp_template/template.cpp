/* gcc names the instance "Pair<int, long int>" in DWARF */
template <typename T, typename U> struct Pair {
	T a;
	U b;
};
Pair<int, long> pair_var;
