# fig7_uniform: Fig. 7: average makespan of uniform BoTs (Section 5.1; mean ± sd over n runs)
# botsim wrote this script and fig7_uniform.dat; to re-draw fig7_uniform.svg and fig7_uniform.png after an edit,
# run `gnuplot fig7_uniform.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7_uniform.svg'
set title 'Fig. 7: average makespan of uniform BoTs (Section 5.1; mean ± sd over n runs)'
set xlabel 'heuristic'
set ylabel 'average makespan (min)'
set key outside right top vertical Left reverse
set yrange [0:347.1702568]
set xrange [-0.6:18.6]
set xtics ('U,MaxET' 0, 'U,MaxCT' 1, 'U,MinET' 2, 'U,MinCT' 3, 'LtoS,R' 4, 'LtoS,MaxET' 5, 'LtoS,MaxCT' 6, 'LtoS,MinET' 7, 'LtoS,MinCT' 8, 'StoL,R' 9, 'StoL,MaxET' 10, 'StoL,MaxCT' 11, 'StoL,MinET' 12, 'StoL,MinCT' 13, 'fcfs' 14, 'greedy-r' 15, 'greedy-p' 16, 'min-min' 17, 'max-min' 18) rotate by 35 right
set boxwidth 0.2 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig7_uniform.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title '100 tasks, n = 10', \
     'fig7_uniform.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig7_uniform.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title '200 tasks, n = 10', \
     'fig7_uniform.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#ff7f0e' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig7_uniform.dat' index 2 using 1:2 with boxes lc rgb '#2ca02c' title '300 tasks, n = 10', \
     'fig7_uniform.dat' index 2 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig7_uniform.dat' index 3 using 1:2 with boxes lc rgb '#d62728' title 'overall'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig7_uniform.png'
replot
set output
