# simtref plot: ipc of experiment dyncta30-full (config dyncta30) normalised to variant max.
# Written by simtref plot; run `gnuplot ipc-dyncta30.gp` in this directory to redraw.
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border lt -1
set boxwidth 0.9 relative
set key outside right top vertical
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
set xtics rotate by -45 scale 0
set ylabel "ipc / ipc of max"
set title "dyncta30-full: ipc normalised to max (config dyncta30)"
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc rgb "#444444" front
set terminal svg size 960,540 dynamic noenhanced font "sans,11" background rgb "white"
set output "ipc-dyncta30.svg"
plot for [i=2:11] "ipc-dyncta30.dat" using i:xtic(1) title columnheader(i)
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 960,540 noenhanced font "sans,10" background rgb "white"
} else {
  set terminal png size 960,540 noenhanced
}
set output "ipc-dyncta30.png"
plot for [i=2:11] "ipc-dyncta30.dat" using i:xtic(1) title columnheader(i)
unset output
