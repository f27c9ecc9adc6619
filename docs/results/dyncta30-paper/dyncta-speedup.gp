set terminal svg size 1000,360 dynamic
set output 'dyncta-speedup.svg'
set style data histograms
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -45 nomirror
set key top left
set grid ytics
set ylabel 'IPC over n = N'
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot 'dyncta-speedup.dat' using 2:xtic(1) title 'opt (best static n)', '' using 3 title 'DYNCTA', '' using 4 title 'TL (two-level)'
unset arrow
set terminal pngcairo size 1000,360
set output 'dyncta-speedup.png'
set style data histograms
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -45 nomirror
set key top left
set grid ytics
set ylabel 'IPC over n = N'
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot 'dyncta-speedup.dat' using 2:xtic(1) title 'opt (best static n)', '' using 3 title 'DYNCTA', '' using 4 title 'TL (two-level)'
unset arrow
