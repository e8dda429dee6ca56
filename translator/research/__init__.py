"""Research at scale: census and equivalence classes of many pieces, run on Dask."""
