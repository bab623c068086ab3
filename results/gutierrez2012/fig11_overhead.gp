# fig11_overhead: Fig. 11: scheduling overhead (Section 5.2)
# botsim wrote this script and fig11_overhead.dat; to re-draw fig11_overhead.svg and fig11_overhead.png after an edit,
# run `gnuplot fig11_overhead.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig11_overhead.svg'
set title 'Fig. 11: scheduling overhead (Section 5.2)'
set xlabel 'tasks per BoT (each setting shifted by up to ±5 tasks)'
set ylabel 'overhead (s)'
set key outside right top vertical Left reverse
set yrange [0:1.538166063]
set grid
plot 'fig11_overhead.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title '10 CAs, 1 req/s', \
     'fig11_overhead.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 2.2 pt 4 ps 0.8 title '10 CAs, 100 req/s', \
     'fig11_overhead.dat' index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1.9 pt 8 ps 0.8 title '20 CAs, 1 req/s', \
     'fig11_overhead.dat' index 3 using 1:2 with linespoints lc rgb '#d62728' dt 4 lw 1.6 pt 12 ps 0.8 title '20 CAs, 100 req/s', \
     'fig11_overhead.dat' index 4 using 1:2 with linespoints lc rgb '#9467bd' dt 5 lw 1.3 pt 1 ps 0.8 title '30 CAs, 1 req/s', \
     'fig11_overhead.dat' index 5 using 1:2 with linespoints lc rgb '#8c564b' dt 1 lw 1 pt 2 ps 0.8 title '30 CAs, 100 req/s'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig11_overhead.png'
replot
set output
