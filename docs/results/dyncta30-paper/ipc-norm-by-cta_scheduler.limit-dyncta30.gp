# simtref plot: ipc / ipc of max of experiment dyncta30-paper (config dyncta30) against cta_scheduler.limit.
# Written by simtref plot; run `gnuplot ipc-norm-by-cta_scheduler.limit-dyncta30.gp` in this directory to redraw.
set datafile missing "-"
set key outside right top vertical
set grid
set xlabel "cta_scheduler.limit"
set ylabel "ipc / ipc of max"
set title "dyncta30-paper: ipc / ipc of max against cta_scheduler.limit (config dyncta30)"
set offsets graph 0.02, graph 0.02, graph 0.05, 0
set yrange [0:*]
set xtics ("1" 1, "2" 2, "3" 3, "4" 4, "5" 5, "6" 6, "7" 7)
set terminal svg size 960,540 dynamic noenhanced font "sans,11" background rgb "white"
set output "ipc-norm-by-cta_scheduler.limit-dyncta30.svg"
plot for [i=2:23] "ipc-norm-by-cta_scheduler.limit-dyncta30.dat" using 1:i with linespoints pointtype 7 title columnheader(i)
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 960,540 noenhanced font "sans,10" background rgb "white"
} else {
  set terminal png size 960,540 noenhanced
}
set output "ipc-norm-by-cta_scheduler.limit-dyncta30.png"
plot for [i=2:23] "ipc-norm-by-cta_scheduler.limit-dyncta30.dat" using 1:i with linespoints pointtype 7 title columnheader(i)
unset output
