set terminal svg size 1000,360 dynamic
set output 'dyncta-n.svg'
set style data histograms
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -45 nomirror
set key top left
set grid ytics
set ylabel 'CTAs per SM'
plot 'dyncta-n.dat' using 2:xtic(1) title 'N', '' using 3 title 'opt n', '' using 4 title 'DYNCTA average n'
set terminal pngcairo size 1000,360
set output 'dyncta-n.png'
set style data histograms
set style histogram cluster gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -45 nomirror
set key top left
set grid ytics
set ylabel 'CTAs per SM'
plot 'dyncta-n.dat' using 2:xtic(1) title 'N', '' using 3 title 'opt n', '' using 4 title 'DYNCTA average n'
