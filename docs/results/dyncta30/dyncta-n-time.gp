# Mean DYNCTA limit n over the 30 SMs at the end of each 2048-cycle window
# (simtref run W -c dyncta30 -s cta_scheduler.policy=dyncta --trace dyncta:trace-W.csv),
# windows of all kernels of the run one after the other. Spec Fig. 8's shape.
set datafile separator ','
set key top right
set grid
set xlabel 'sampling window (2048 core cycles each), all kernels in order'
set ylabel 'mean n over SMs'
set yrange [0:8.5]
do for [t in "svg png"] {
  if (t eq "svg") { set terminal svg size 900,360 dynamic } else { set terminal pngcairo size 900,360 }
  set output 'dyncta-n-time.'.t
  plot for [w in "bp mm histo spmv"] 'trace-'.w.'.csv' every ::1 using 0:6 with linespoints title w
}
