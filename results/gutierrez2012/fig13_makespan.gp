# fig13_makespan: Fig. 13: average makespan, fixed vs i-elastic (Section 5.3; mean ± sd over the heuristics' means)
# botsim wrote this script and fig13_makespan.dat; to re-draw fig13_makespan.svg and fig13_makespan.png after an edit,
# run `gnuplot fig13_makespan.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig13_makespan.svg'
set title 'Fig. 13: average makespan, fixed vs i-elastic (Section 5.3; mean ± sd over the heuristics'' means)'
set xlabel 'BoT distribution'
set ylabel 'average makespan (min)'
set key outside right top vertical Left reverse
set yrange [0:454.5932931]
set xrange [-0.6:3.6]
set xtics ('right-half-normal' 0, 'uniform' 1, 'normal' 2, 'left-half-normal' 3) rotate by 35 right
set boxwidth 0.4 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig13_makespan.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'fixed, n = 14 heuristics', \
     'fig13_makespan.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig13_makespan.dat' index 1 using 1:2 with boxes lc rgb '#2ca02c' title 'i-elastic, n = 14 heuristics', \
     'fig13_makespan.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig13_makespan.png'
replot
set output
