# fig6_makespans: Fig. 6: execution phase's makespan against BaTS's estimate Te
# botsim wrote this script and fig6_makespans.dat; to re-draw fig6_makespans.svg and fig6_makespans.png after an edit,
# run `gnuplot fig6_makespans.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig6_makespans.svg'
set title 'Fig. 6: execution phase''s makespan against BaTS''s estimate Te'
set xlabel 'estimated execution makespan (h)'
set ylabel 'actual execution makespan (h)'
set key outside right top vertical Left reverse
set logscale xy 10
set xtics (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
set ytics (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
set grid
set yrange [1:1000]
plot 'fig6_makespans.dat' index 0 using 1:2 with points lc rgb '#1f77b4' pt 6 ps 0.9 title 'S4-1', \
     'fig6_makespans.dat' index 1 using 1:2 with points lc rgb '#ff7f0e' pt 4 ps 0.9 title 'S4-3', \
     'fig6_makespans.dat' index 2 using 1:2 with points lc rgb '#2ca02c' pt 8 ps 0.9 title 'S1-1', \
     'fig6_makespans.dat' index 3 using 1:2 with points lc rgb '#d62728' pt 12 ps 0.9 title 'S3-4', \
     'fig6_makespans.dat' index 4 using 1:2 with points lc rgb '#9467bd' pt 1 ps 0.9 title 'S1-4', \
     x with lines lc rgb 'black' dt 2 lw 1.2 title 'y = x'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig6_makespans.png'
replot
set output
